// English texts of the 'profile' namespace. Keys are the contract; tr/profile.ts must have the same.
export default {};
