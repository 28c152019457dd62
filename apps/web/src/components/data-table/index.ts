export { DataTable, type DataTableProps, type ListPage } from './data-table';
export { FilterSelect, recentYears, useUrlFilters, YearFilter } from './filters';
export { DocumentHistory, useDocumentHistoryFilters, type DocumentHistoryProps } from './document-history';
