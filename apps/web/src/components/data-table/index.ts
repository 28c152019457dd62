export { DataTable, type DataTableProps, type ListPage } from './data-table';
export { FilterSelect, recentYears, useUrlFilters, YearFilter } from './filters';
