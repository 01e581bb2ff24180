// English texts of the 'admin' namespace. Keys are the contract; tr/admin.ts must have the same.
export default {};
