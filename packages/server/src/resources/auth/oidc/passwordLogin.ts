import { ForbiddenError } from '../../../http/errors.ts';

/** `POST /api/v1/security/login` while VITRINA_PASSWORD_LOGIN=false: the provider is the only way in. */
export class PasswordLoginOffError extends ForbiddenError {
  constructor() {
    super('Password login is turned off; sign in through the identity provider');
  }
}
