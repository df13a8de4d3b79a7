/**
 * The password page: a reset link (mode=resetPassword&oobCode=…) chooses a new password; a signed-in staff member
 * sets a new one; anyone else asks for the reset e-mail (which never says whether the address has an account).
 */
import { checkResetCode, completePasswordReset, keepSignedIn, requestPasswordReset, updatePassword } from '../../flows/staff/auth.ts';
import { emailProblem, passwordProblem, repeatProblem } from '../../lib/staff/fieldRules.ts';
import { firebaseAuth } from '../../lib/staff/firebase.ts';
import { alert, busy, check, fill, firebaseSettings, ready, root, show } from './page.ts';

const auth = firebaseAuth(firebaseSettings());
const request = root.querySelector<HTMLFormElement>('[data-request]')!;
const choose = root.querySelector<HTMLFormElement>('[data-choose]')!;
const done = root.querySelector<HTMLElement>('[data-done]')!;
const email = request.querySelector<HTMLInputElement>('#email')!;
const password = choose.querySelector<HTMLInputElement>('#new-password')!;
const repeat = choose.querySelector<HTMLInputElement>('#repeat-password')!;
const params = new URLSearchParams(location.search);
const oobCode = params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;

request.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!check(email, emailProblem(email.value))) return email.focus();
  busy(request, true);
  await requestPasswordReset(auth, 'email', email.value.trim());
  busy(request, false);
  alert('password.sent');
});

choose.addEventListener('submit', async (event) => {
  event.preventDefault();
  const passwordOk = check(password, passwordProblem(password.value, { isNew: true }));
  const repeatOk = check(repeat, passwordOk ? repeatProblem(password.value, repeat.value) : null);
  if (!passwordOk) return password.focus();
  if (!repeatOk) return repeat.focus();
  busy(choose, true);
  if (oobCode) {
    const saved = await completePasswordReset(auth, oobCode, password.value);
    busy(choose, false);
    if (saved) show(done);
    else alert('password.failed');
    return;
  }
  const result = await updatePassword(auth, password.value);
  busy(choose, false);
  alert(result === 'updated' ? 'password.changed' : result === 'sign-in-again' ? 'password.signInAgain' : 'password.failed');
  if (result === 'updated') choose.reset();
});

choose.querySelector<HTMLInputElement>('[data-show-password]')!.addEventListener('change', (event) => {
  const type = (event.target as HTMLInputElement).checked ? 'text' : 'password';
  password.type = type;
  repeat.type = type;
});

async function start() {
  if (oobCode) {
    const account = await checkResetCode(auth, oobCode);
    if (!account) return alert('password.linkInvalid');
    fill('email', account);
    return show(choose);
  }
  let decided = false;
  keepSignedIn(auth, () => {
    if (decided) return;
    decided = true;
    if (!auth.currentUser) return;
    fill('email', auth.currentUser.email ?? '');
    root.querySelector<HTMLElement>('[data-heading-reset]')!.hidden = true;
    root.querySelector<HTMLElement>('[data-heading-update]')!.hidden = false;
    show(choose);
  });
}

ready();
void start();
