// The service's rule (Django's EmailValidator without the quoted local part and address literals), so that
// an address the form lets through is one the service accepts.
const USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const DOMAIN = /^((?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+)(?:[A-Z0-9-]{2,63}(?<!-))$/i;

/** An internationalised domain as its ASCII (punycode) form, which the URL parser computes; '' if it cannot. */
function asciiDomain(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return '';
  }
}

export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return false;
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!USER.test(user)) return false;
  if (DOMAIN.test(domain)) return true;
  if (/[\s/?#@:%[\]\\]/.test(domain)) return false;
  const ascii = asciiDomain(domain);
  return ascii !== '' && DOMAIN.test(ascii);
}
