import type { ChangePassword, Profile } from '@loupe/contracts';
import type { AuthContext } from './deps';
import { BLANK, fieldErrors, notAuthenticated } from '../../kernel/http-errors';
import { recordPasswordChange } from './account-events';
import { validateEmail } from './field-validators';
import { hashPassword, verifyPassword } from './password-hasher';
import { validatePassword } from './password-validators';
import type { Caller, SessionOrigin } from './sessions';

export const WRONG_CURRENT_PASSWORD = 'Your old password was entered incorrectly. Please enter it again.';

/** The signed-in user's own account: profile fields and password. */
export class AccountService {
  constructor(private readonly ctx: AuthContext) {}

  async updateProfile(
    caller: Caller,
    body: { email: string; first_name: string; last_name: string },
  ): Promise<Profile> {
    // DRF's CharField trims.
    const fields = {
      email: body.email.trim(),
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
    };
    const emailError = fields.email ? validateEmail(fields.email) : null;
    if (emailError) throw fieldErrors({ email: [emailError] });
    const updated = await this.ctx.repos.users.updateProfile(caller.user.id, fields);
    await this.ctx.sessions.forgetUser(caller.user.id);
    if (!updated) throw notAuthenticated();
    return updated;
  }

  /**
   * `origin.ip` is the caller's address: the current-password check is throttled as a sign-in is. Answers the
   * id of the session that replaces every session the user had (the caller's own included).
   */
  async changePassword(
    caller: Caller,
    { current_password, new_password }: ChangePassword,
    origin: SessionOrigin,
  ): Promise<string> {
    const errors: Record<string, string[]> = {};
    if (!current_password) errors.current_password = [BLANK];
    if (!new_password) errors.new_password = [BLANK];
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    const user = await this.ctx.repos.users.findById(caller.user.id);
    if (!user) throw notAuthenticated();
    // A stolen session must not become a way to guess the password without the sign-in's limits.
    const attempt = await this.ctx.throttle.attempt(user.username, origin.ip);
    if (await verifyPassword(current_password, user.password_hash)) await attempt.succeeded();
    else errors.current_password = [WRONG_CURRENT_PASSWORD];
    const weaknesses = validatePassword(new_password, user);
    if (weaknesses.length > 0) errors.new_password = weaknesses;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    const hash = await hashPassword(new_password);
    // Both or neither: a new password must never leave a stolen session alive. The caller's own session id
    // is replaced too (ASVS 3.3), so an id captured before the change is worth nothing after it.
    const key = await this.ctx.transaction(async (repos) => {
      await repos.users.setPassword(user.id, hash);
      await recordPasswordChange(repos.audit, caller, this.ctx.now());
      return this.ctx.sessions.replaceAll(caller, origin, repos.sessions);
    });
    await this.ctx.sessions.forgetUser(user.id);
    return key;
  }
}
