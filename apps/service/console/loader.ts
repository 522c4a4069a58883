/**
 * The console's loader, the only script served to anyone: it fetches the console's script with an
 * Operator token (the service serves it to Operators only) and runs it. The token is the sandbox
 * Operator's in the sandbox; otherwise it asks for one.
 */
import { forgetToken, sandboxToken, savedToken, saveToken } from './session.js';

const appUrl = '/console/app.js';

/** Fetches and runs the console with `token`; resolves to the refusal's message, or null once running. */
async function start(token: string): Promise<string | null> {
  const response = await fetch(appUrl, { headers: { token } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? `The service answered ${response.status}.`;
  }
  saveToken(token);
  const script = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
  await import(/* @vite-ignore */ script);
  return null;
}

function signIn(problem?: string): void {
  const main = document.getElementById('console')!;
  main.innerHTML = `
    <form id="sign-in" class="card">
      <h2>Sign in</h2>
      <p>The console is for operators. Give an Operator token (the <code>token</code> header of the operator API).</p>
      <label for="operator-token">Operator token</label>
      <input id="operator-token" name="token" type="password" autocomplete="off" required>
      <button type="submit">Sign in</button>
      <p id="sign-in-problem" role="alert"></p>
    </form>`;
  const form = document.getElementById('sign-in') as HTMLFormElement;
  const input = document.getElementById('operator-token') as HTMLInputElement;
  document.getElementById('sign-in-problem')!.textContent = problem ?? '';
  input.focus();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void start(input.value.trim()).then((refused) => refused !== null && signIn(refused));
  });
}

async function main(): Promise<void> {
  const saved = sandboxToken() ?? savedToken();
  const refused = saved === null ? undefined : await start(saved);
  if (refused === null) return;
  forgetToken();
  signIn(refused);
}

void main();
