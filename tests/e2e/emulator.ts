/** The browser tests' Auth emulator (started with the server, see playwright.config.ts): accounts and e-mailed codes. */
// Its own port (playwright.config.ts), another with E2E_AUTH_PORT for a second run beside the first.
export const emulatorHost = `127.0.0.1:${process.env['E2E_AUTH_PORT'] ?? 9399}`;
const base = `http://${emulatorHost}`;

export async function createAccount(email: string, password: string, { verified = true, name = '' } = {}): Promise<string> {
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/demo-foyer/accounts`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, emailVerified: verified, displayName: name }),
  });
  if (!response.ok) throw new Error(`The emulator refused ${email}: ${await response.text()}`);
  return ((await response.json()) as { localId: string }).localId;
}

/** The newest out-of-band code the emulator "e-mailed" to an address, for a kind such as PASSWORD_RESET. */
export async function lastCode(
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<{ oobCode: string; oobLink: string }> {
  const { oobCodes } = (await (await fetch(`${base}/emulator/v1/projects/demo-foyer/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
  if (!code) throw new Error(`No ${requestType} code for ${email}`);
  return code;
}

export const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
