import { Type, type Static } from '@sinclair/typebox';

/** A success answer that only carries a message, e.g. `{"detail": "Password changed successfully."}`. */
export const DetailMessage = Type.Object({ detail: Type.String() });
export type DetailMessage = Static<typeof DetailMessage>;
