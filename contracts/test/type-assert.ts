// Type-level assertions: `typeIs<Equal<A, B>>(true)` compiles only when A and B are the same type, and the
// contracts tests type-check (tsconfig.test.json), so a wrong one fails the suite.
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const typeIs = <T extends true>(proof: T) => proof;
