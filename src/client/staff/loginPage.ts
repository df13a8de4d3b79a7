/** The login page: e-mail and password, Google or Apple by popup, account creation, and what comes after. */
import { ApiRequestError } from '../../lib/http/client.ts';
import { afterSignIn } from '../../lib/staff/afterSignIn.ts';
import {
  createAccount,
  fetchStaffDetails,
  keepSignedIn,
  reloadUser,
  resendVerification,
  signIn,
  signOut,
  type Provider,
} from '../../flows/staff/auth.ts';
import { emailProblem, passwordProblem } from '../../lib/staff/fieldRules.ts';
import { firebaseAuth } from '../../lib/staff/firebase.ts';
import { $staffAuth } from '../../stores/staffAuth.ts';
import { alert, busy, check, fill, firebaseSettings, focusOn, lang, ready, root, show } from './page.ts';

const auth = firebaseAuth(firebaseSettings());
const form = root.querySelector<HTMLFormElement>('[data-login]')!;
const email = form.querySelector<HTMLInputElement>('#email')!;
const password = form.querySelector<HTMLInputElement>('#password')!;
const verifyPanel = root.querySelector<HTMLElement>('[data-verify]')!;
const notStaffPanel = root.querySelector<HTMLElement>('[data-not-staff]')!;
const signedInPanel = root.querySelector<HTMLElement>('[data-signed-in]')!;

/** Shows a panel as the result of a sign-in, with focus on it. */
function showResult(panel: HTMLElement): void {
  show(panel);
  focusOn(panel);
}

/** After any sign-in: verify the e-mail first, then the organisation record, then on to `next`. */
async function continueSignedIn(): Promise<void> {
  const user = $staffAuth.get().user;
  if (!user) return show(form);
  fill('email', user.email ?? '');
  if (!user.emailVerified) return showResult(verifyPanel);
  try {
    await fetchStaffDetails(auth);
    location.assign(afterSignIn(new URLSearchParams(location.search).get('next'), lang));
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'not_staff') showResult(notStaffPanel);
    else if (error instanceof ApiRequestError && error.code === 'email_not_verified') showResult(verifyPanel);
    else {
      show(form);
      alert('login.failed', { error: true, focus: true });
    }
  }
}

function validate(creating: boolean): boolean {
  const emailOk = check(email, emailProblem(email.value));
  const passwordOk = check(password, passwordProblem(password.value, { isNew: creating }));
  if (!emailOk) email.focus();
  else if (!passwordOk) password.focus();
  return emailOk && passwordOk;
}

async function attempt(work: () => Promise<boolean>, failure: string): Promise<void> {
  alert(null);
  busy(form, true);
  const ok = await work();
  busy(form, false);
  if (ok) await continueSignedIn();
  else alert(failure, { error: true, focus: true });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const creating = (event.submitter as HTMLButtonElement | null)?.value === 'create';
  if (!validate(creating)) return;
  const credentials = { email: email.value.trim(), password: password.value };
  void attempt(
    () => (creating ? createAccount(auth, 'email', credentials) : signIn(auth, 'email', credentials)),
    creating ? 'login.createFailed' : 'login.failed',
  );
});

for (const button of form.querySelectorAll<HTMLButtonElement>('[data-provider]')) {
  button.addEventListener('click', () => void attempt(() => signIn(auth, button.dataset['provider'] as Provider), 'login.popupFailed'));
}

form.querySelector<HTMLInputElement>('[data-show-password]')!.addEventListener('change', (event) => {
  password.type = (event.target as HTMLInputElement).checked ? 'text' : 'password';
});

root.querySelector('[data-verified]')!.addEventListener('click', async () => {
  if (await reloadUser(auth)) await continueSignedIn();
});
root.querySelector('[data-resend]')!.addEventListener('click', async () => {
  await resendVerification(auth);
  alert('login.resent');
});
for (const button of root.querySelectorAll('[data-sign-out]')) {
  button.addEventListener('click', async () => {
    await signOut(auth);
    alert(null);
    show(form);
  });
}

root.querySelector('[data-continue]')!.addEventListener('click', () => void continueSignedIn());

/** A session the browser still has (the SDK restores it) is shown, with a way on and a way out. */
function showRestored(): void {
  let restored = false;
  keepSignedIn(auth, () => {
    if (restored) return;
    restored = true;
    const user = $staffAuth.get().user;
    if (!user) return;
    fill('email', user.email ?? '');
    show(user.emailVerified ? signedInPanel : verifyPanel);
  });
}

// `?signout=1` is the header menu's "Sign out" (help-centre pages do not load Firebase): sign out here, first.
const params = new URLSearchParams(location.search);
if (params.get('signout') === '1') {
  params.delete('signout');
  history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}${location.hash}`);
  void signOut(auth).then(() => {
    alert('header.signedOut');
    showRestored();
    ready();
  });
} else {
  showRestored();
  ready();
}
