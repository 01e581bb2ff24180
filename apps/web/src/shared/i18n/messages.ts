/** The shape a translation must have: every key of the English namespace, each a string. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
