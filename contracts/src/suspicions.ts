// Issue 25, item 1: the nominated officer and internal suspicious activity reports (SARs). Only the nominated
// officer (Money Laundering Regulations 2017, reg. 21(3)) sees the reports; nothing about a report may reach
// the client's ordinary screens (POCA 2002 s.333A, "tipping off").

/** The 403's reason when someone other than the nominated officer asks for what only they may see or do. */
export const NOMINATED_OFFICER_ONLY =
  "Only the shop's nominated officer can see or decide suspicious activity reports.";

/** The 403's reason when anyone but the owner tries to name the nominated officer. */
export const NOMINATE_NOT_ALLOWED = 'Only the shop owner (platinum) can name the nominated officer.';

/** The 400 on `user` when the member named cannot be the nominated officer. */
export const NOMINEE_NOT_ELIGIBLE =
  'The nominated officer must be an active gold or platinum member of this shop.';
