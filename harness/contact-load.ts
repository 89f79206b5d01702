import type autocannon from 'autocannon';

/**
 * autocannon's request for the contact API under load: each message from a visitor of its own
 * (name, e-mail and `X-Forwarded-For` address), so that the per-address limit does not apply when
 * the site trusts its proxy (TRUST_PROXY). One request object keeps its count across runs: reuse
 * it so that a second run's visitors are new ones too.
 */
export function contactRequest(): autocannon.Request {
  let visitor = 0;
  return {
    method: 'POST',
    path: '/api/contact',
    setupRequest: (request) => {
      visitor += 1;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
        },
        body: JSON.stringify({
          name: `Visiteur ${visitor}`,
          email: `visiteur${visitor}@exemple.fr`,
          phone: '+33 1 99 00 00 00',
          message: 'Bonjour, je souhaite un rendez-vous au sujet d’une rupture conventionnelle.',
        }),
      };
    },
  };
}
