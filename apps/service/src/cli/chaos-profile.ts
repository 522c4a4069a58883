/**
 * The chaos profile named on the command line (`serve --sandbox --chaos <preset-or-file>`): a
 * preset (sandbox/chaos/presets.ts), or a JSON or YAML file validated against the operator
 * document's `InternalChaosProfile`, whose defaults fill the fields it leaves out. A file that
 * breaks the schema is refused in one line naming the field.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { parse } from 'yaml';
import { componentValidator } from '../http/validation.js';
import { chaosPresets, isChaosPreset, type ChaosProfile } from '../sandbox/chaos/presets.js';
import type { ChaosSettings } from '../sandbox/chaos/sandbox-chaos.js';
import { loadOperatorDocument } from '../shared/documents.js';

/** A chaos profile the command line refuses: the message says why, in one line. */
export class ChaosProfileError extends Error {
  override name = 'ChaosProfileError';
}

/** The broken constraint as words: the field, then what it must be. */
function problemOf(error: ErrorObject): string {
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'additionalProperties')
    return `unknown field ${String((error.params as { additionalProperty: string }).additionalProperty)}`;
  return field === '' ? `the profile ${error.message ?? 'is invalid'}` : `${field} ${error.message ?? 'is invalid'}`;
}

function readProfileFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    const presets = Object.keys(chaosPresets).join(', ');
    throw new ChaosProfileError(`--chaos ${file}: neither a preset (${presets}) nor a readable file`);
  }
  try {
    // YAML reads JSON too.
    return parse(text) as unknown;
  } catch (error) {
    throw new ChaosProfileError(`--chaos ${file}: not JSON or YAML (${(error as Error).message.split('\n')[0]})`);
  }
}

/** The profile of a file, its defaults filled in; throws a `ChaosProfileError` naming the first field that breaks the schema. */
export function chaosProfileFile(file: string): ChaosProfile {
  const profile = readProfileFile(file) ?? {};
  const validate = componentValidator(loadOperatorDocument(), 'InternalChaosProfile');
  if (!validate(profile)) throw new ChaosProfileError(`--chaos ${file}: ${problemOf(validate.errors![0]!)}`);
  return profile as ChaosProfile;
}

/** The profile and seed of `--chaos` and `--chaos-seed` (a random seed when none is given). */
export function chaosSettingsOf(presetOrFile: string, seed: number | undefined): ChaosSettings {
  const settings = { seed: seed ?? randomInt(2 ** 31) };
  if (isChaosPreset(presetOrFile))
    return { ...settings, profile: { ...chaosPresets[presetOrFile] }, preset: presetOrFile };
  return { ...settings, profile: chaosProfileFile(presetOrFile) };
}
