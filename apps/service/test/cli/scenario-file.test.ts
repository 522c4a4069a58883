/**
 * Scenario files: the schema `@street-events/sandbox` publishes is the one the command line checks
 * files against; every example it ships is valid; a file that is not a scenario is one line naming
 * the file, the step and the field.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { readScenario } from '../../src/cli/scenario-file.js';
import { scenarioSchema } from '../../src/cli/scenario-schema.js';
import { runCli } from '../support/cli.js';

const sandboxPackage = fileURLToPath(new URL('../../../../packages/sandbox', import.meta.url));
const examples = readdirSync(join(sandboxPackage, 'scenarios')).map((name) => join(sandboxPackage, 'scenarios', name));
const directory = mkdtempSync(join(tmpdir(), 'street-events-scenarios-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A scenario file of this content; its path. */
function scenarioFile(content: string, name = 'scenario.yaml'): string {
  const file = join(directory, name);
  writeFileSync(file, content);
  return file;
}

it('the schema published in @street-events/sandbox is the one files are checked against', () => {
  const published = JSON.parse(readFileSync(join(sandboxPackage, 'scenario.schema.json'), 'utf8')) as unknown;
  expect(published).toEqual(scenarioSchema());
});

it.each(examples.map((file) => [file.split('/').pop(), file]))(
  'the example %s is a valid scenario',
  async (_name, file) => {
    const scenario = await readScenario(file, { endpoint: 'http://127.0.0.1:9/hook' });
    expect(scenario.steps.length).toBeGreaterThan(0);
  },
);

it('JSON is read as well as YAML', async () => {
  const file = scenarioFile('{"steps": [{"clock": {"advance": "49h"}}, {"wait": "2s"}]}', 'scenario.json');
  expect((await readScenario(file)).steps).toEqual([{ clock: { advance: '49h' } }, { wait: '2s' }]);
});

it('a variable takes its value from --var over the value the file gives', async () => {
  const file = scenarioFile(
    'variables: {endpoint: "http://127.0.0.1:9/a"}\nsteps:\n  - subscribe:\n      organisation: "7001"\n      endpoint: "${endpoint}"\n',
  );
  expect((await readScenario(file)).steps).toEqual([
    { subscribe: { organisation: '7001', endpoint: 'http://127.0.0.1:9/a' } },
  ]);
  expect((await readScenario(file, { endpoint: 'http://127.0.0.1:9/b' })).steps).toEqual([
    { subscribe: { organisation: '7001', endpoint: 'http://127.0.0.1:9/b' } },
  ]);
});

it.each([
  [
    'a value the document does not allow',
    'steps:\n  - trigger:\n      event_type: permit_granted\n      organisation: "7001"\n      values:\n        work_category: gigantic\n',
    /: step 1 \(trigger\): trigger\.values\.work_category must be equal to one of the allowed values \(minor, /,
  ],
  [
    'an unknown kind of step',
    'steps:\n  - clock: {advance: 1h}\n  - jump: 3\n',
    /: step 2: a step is an object with one of trigger, clock, wait, subscribe$/,
  ],
  [
    'an unknown field',
    'steps:\n  - wait: {settled: "7001", colour: red}\n',
    /: step 1 \(wait\): wait must NOT have additional properties \(colour\)$/,
  ],
  [
    'a clock move of no duration',
    'steps:\n  - clock: {advance: soon}\n',
    /: step 1 \(clock\): clock\.advance must match pattern /,
  ],
  [
    'a work no earlier trigger bound',
    'steps:\n  - trigger: {event_type: fpn_paid, organisation: "7001", work: mine}\n',
    /: step 1 \(trigger\): trigger\.work names mine, which no earlier trigger bound with as$/,
  ],
  [
    'a variable without a value',
    'variables: {endpoint: null}\nsteps:\n  - subscribe:\n      organisation: "7001"\n      endpoint: "${endpoint}"\n',
    /: step 1 \(subscribe\): subscribe\.endpoint uses \$\{endpoint\}, which has no value: give --var endpoint=VALUE$/,
  ],
  ['no steps', 'steps: []\n', /: steps must NOT have fewer than 1 items$/],
  ['text that is not YAML', 'steps: [\n', /: neither YAML nor JSON: /],
])('%s is an error naming the file, the step and the field', async (_case, content, message) => {
  const file = scenarioFile(content);
  const error = await readScenario(file).catch((caught: unknown) => caught as Error);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message.startsWith(`${file}: `)).toBe(true);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain('\n');
});

it('scenario run of an invalid file is one line on stderr and exit code 1, before reaching any service', async () => {
  const file = scenarioFile('steps:\n  - trigger: {event_type: permit_exploded, organisation: "7001"}\n');
  const { code, stdout, stderr } = await runCli(['scenario', 'run', file, '--service', 'http://127.0.0.1:9']);
  expect(code).toBe(1);
  expect(stdout).toBe('');
  expect(stderr.trimEnd().split('\n')).toEqual([
    expect.stringMatching(/^error: .*scenario\.yaml: step 1 \(trigger\): trigger\.event_type must be equal to one of/),
  ]);
});

it('scenario schema prints the published schema', async () => {
  const { code, stdout } = await runCli(['scenario', 'schema']);
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual(scenarioSchema());
});
