import { cmsEnv } from '../src/env';

export default () => ({
  'users-permissions': {
    config: { jwtSecret: cmsEnv().JWT_SECRET },
  },
});
