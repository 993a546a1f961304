import { z } from 'zod';
import { blockingProblems, parseSettings, settingChecks, warnings } from './settings.ts';

const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  NAME: z.string().min(3, 'must be at least 3 characters').optional(),
});

describe('parseSettings', () => {
  it('reads an empty variable as unset, so its default applies', () => {
    expect(parseSettings(schema, { PORT: '', NAME: undefined })).toEqual({ PORT: 3000 });
  });

  it('names the variable and what is wrong with it', () => {
    expect(() => parseSettings(schema, { NAME: 'ab' })).toThrow(
      'Invalid configuration: NAME must be at least 3 characters',
    );
  });

  it('throws the error the service asks for', () => {
    class ConfigError extends Error {}
    expect(() =>
      parseSettings(schema, { PORT: 'x' }, (message) => new ConfigError(message)),
    ).toThrow(ConfigError);
  });
});

describe('setting checks', () => {
  it('keeps a met requirement without a problem and tells blocking problems from warnings', () => {
    const { checks, add } = settingChecks();
    add('A', 'A is set', false);
    add('B', 'B is set', 'B is not set');
    add('C', 'C is public', 'C points at this machine', true);
    expect(checks[0]).toEqual({ variable: 'A', requirement: 'A is set' });
    expect(blockingProblems(checks)).toEqual(['B is not set']);
    expect(warnings(checks)).toEqual(['C points at this machine']);
  });
});
