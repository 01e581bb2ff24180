// English texts of the 'calendar' namespace. Keys are the contract; tr/calendar.ts must have the same.
export default {};
