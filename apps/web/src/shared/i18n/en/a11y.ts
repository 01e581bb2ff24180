// English texts of the 'a11y' namespace (accessible names, chart alternatives, skip links).
// Keys are the contract; tr/a11y.ts must have the same.
export default {
  modal: {
    close: 'Close',
  },
  table: {
    sortBy: 'Sort by {{column}}',
    actions: 'Actions',
  },
  chart: {
    showTable: 'Show as table',
    hideTable: 'Hide the table',
    tableCaption: 'The data of the chart: {{label}}',
    noData: 'No data',
    label: 'Label',
    value: 'Value',
  },
  tour: {
    close: 'Close the tour',
  },
};
