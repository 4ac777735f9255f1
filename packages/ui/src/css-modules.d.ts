/** CSS Modules (rspack native CSS, default export = class map). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Plain CSS (tokens, reset): imported for its side effect. */
declare module '*.css';
