// `systemctl` for the release tests, on the PATH of deploy/release: it hands the command to the
// test (SYSTEMCTL_STANDIN_URL), which plays systemd (tests/support/release-site.ts): `restart
// unit@port` stops that instance with SIGTERM, waits for it to exit, starts it again from the
// shipped unit and returns at once, as systemd does for a Type=simple service.
const response = await fetch(String(process.env.SYSTEMCTL_STANDIN_URL), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(process.argv.slice(2)),
});
const { code, message } = await response.json();
if (message) console.error(message);
process.exit(code);
