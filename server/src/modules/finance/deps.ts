import type { ModuleContext } from '../../kernel/context';
import type { Repositories } from '../../repositories';

/** The repositories the finance module works with (to be narrowed to its own list). */
export type FinanceRepos = Repositories;

export type FinanceContext = ModuleContext<FinanceRepos>;
