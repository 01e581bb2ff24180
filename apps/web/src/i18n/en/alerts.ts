// English texts of the 'alerts' namespace. Keys are the contract; tr/alerts.ts must have the same.
export default {};
