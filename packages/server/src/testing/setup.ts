// Vitest setup for the server project (vitest.config.ts): runs before every server test file.
import { useTestPasswordCost } from '../security/passwords.ts';

useTestPasswordCost();
