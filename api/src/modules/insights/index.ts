// What other modules use of the coach's business views: the CSV writer of the exports (the
// spreadsheet conventions of the admin's language) and its `lang` field.
export { toCsv, decimalMark } from './csv.js';
export { CsvLang } from './dto/csv-lang.js';
