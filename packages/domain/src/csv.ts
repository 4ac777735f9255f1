/**
 * How every CSV the portal writes is stringified (the API's orders export and the browser exports
 * all use csv-stringify), so that a cell someone typed — a guest's contact name, an item title — can
 * never run as a formula when the file is opened in a spreadsheet
 * (docs/decisions/0072-input-and-export-hardening.md).
 *
 * csv-stringify's `escape_formulas` puts an apostrophe before a cell that begins with =, +, -, @, a
 * tab or a carriage return (or the full-width =, +, -, @), so the spreadsheet shows it as text.
 * Numbers passed as numbers are never escaped. A negative amount written as text ("-12.50",
 * "-$1,234.50") is left as it is too: it is only a minus sign, digits, commas and a point, which a
 * spreadsheet reads as a number and which cannot call anything.
 */

/** A minus sign, an optional dollar sign, then only digits, thousands commas and decimals. */
const NEGATIVE_AMOUNT = /^-\$?\d[\d,]*(?:\.\d+)?$/;

/** The options csv-stringify takes (declared here: the domain package does not depend on it). */
export interface CsvOptions {
  escape_formulas: true;
  cast: { string: (value: string) => string | { value: string; escape_formulas: false } };
}

/** The cell as is, but a negative amount exempt from the formula escape (a cast may override options per cell). */
function castCsvString(value: string): string | { value: string; escape_formulas: false } {
  return value.charCodeAt(0) === 45 /* - */ && NEGATIVE_AMOUNT.test(value) ? { value, escape_formulas: false } : value;
}

/**
 * The options for `stringify(rows, csvOptions())`. A new object each call: csv-stringify fills the
 * `cast` object it is given with its defaults, so one shared object would be changed by every writer.
 */
export function csvOptions(): CsvOptions {
  return { escape_formulas: true, cast: { string: castCsvString } };
}
