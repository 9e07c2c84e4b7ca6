import type { ModuleContext } from '../../kernel/context';

/** The books module reads through its own repository on the context's database: it names no other module's. */
export type BooksRepos = object;

export type BooksContext = ModuleContext<BooksRepos>;
