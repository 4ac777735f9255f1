import { useState } from 'react';
import { api } from '@cpq/client';
import type { Wording } from '@cpq/plugin-sdk';
import { downloadCsv } from './csvDownload.ts';
import type { OrdersListBody } from './request.ts';
import type { SetNotice } from './types.ts';

export const CSV_EXPORT_FAILED = 'Something went wrong while exporting the list to csv.';

export interface CsvExportInput {
  /** The request of the page shown: the export lists every page of it. */
  body: OrdersListBody;
  wording: Wording;
  setNotice: SetNotice;
}

/** Export CSV: downloads the list with the current filters and search, and says how many orders it holds. */
export function useCsvExport({ body, wording, setNotice }: CsvExportInput) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    setNotice(null);
    try {
      const { resultConstraints: _page, ...filters } = body;
      const csv = await api.ordersCsv(filters);
      downloadCsv(csv.productOrdersCsvData);
      setNotice({
        kind: 'info',
        text: csv.truncated
          ? `Exported the newest ${csv.rowCount.toLocaleString('en-US')} ${wording.orders}; the list holds more.`
          : `Exported ${csv.rowCount.toLocaleString('en-US')} ${csv.rowCount === 1 ? wording.order : wording.orders}.`,
      });
    } catch (err) {
      console.error(CSV_EXPORT_FAILED, err);
      window.alert(CSV_EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
