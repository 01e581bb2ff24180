// English texts of the 'common' namespace. Keys are the contract; tr/common.ts must have the same.
export default {};
