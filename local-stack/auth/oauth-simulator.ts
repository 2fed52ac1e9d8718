// The local stand-in for Google's and Facebook's sign-in pages (like the Firebase Auth
// emulator): pick a known account or type an e-mail and a name, then continue back to
// /auth/v1/callback, which signs in exactly as the real provider callback does.
const providerNames: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderSimulator(provider: string, state: string, known: { email: string; name: string }[]): string {
  const title = `${providerNames[provider] ?? provider} (simulador local)`;
  const callback = (email: string, name: string) => `/auth/v1/callback?${new URLSearchParams({ state, email, name })}`;
  const accounts = known
    .map(
      (account) =>
        `<li><a href="${escapeHtml(callback(account.email, account.name))}">${escapeHtml(account.name || account.email)} &lt;${escapeHtml(account.email)}&gt;</a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem}li{margin:.4rem 0}li a{display:inline-block;padding:.3rem 0;min-height:24px}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Inicio de sesión simulado para desarrollo local: no se contacta con ${escapeHtml(providerNames[provider] ?? provider)}.</p>
${accounts ? `<h2>Cuentas usadas antes</h2><ul>${accounts}</ul>` : ''}
<form method="get" action="/auth/v1/callback">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Correo electrónico</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Nombre</label><input id="name" name="name" type="text" autocomplete="off">
<button type="submit">Continuar</button>
</form>
</body>
</html>
`;
}
