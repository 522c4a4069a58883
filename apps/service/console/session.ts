/** Where the signed-in operator's token is kept: this tab's session storage, gone when it closes. */
const tokenKey = 'street-events-console-token';

export const savedToken = (): string | null => sessionStorage.getItem(tokenKey);
export const saveToken = (token: string): void => sessionStorage.setItem(tokenKey, token);
export const forgetToken = (): void => sessionStorage.removeItem(tokenKey);

/** `sandbox` when the service runs `serve --sandbox` (the console is open), otherwise `operator`. */
export const mode = (): 'sandbox' | 'operator' => (document.body.dataset.mode === 'sandbox' ? 'sandbox' : 'operator');

/** In the sandbox, the page carries the sandbox Operator's token (as `serve --sandbox` prints it). */
export const sandboxToken = (): string | null =>
  document.querySelector<HTMLMetaElement>('meta[name="street-events-operator-token"]')?.content ?? null;
