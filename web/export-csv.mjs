// The verdicts as a CSV file for the tournament's records: written in the page
// and saved by the browser's own download, so nothing leaves the machine.

const COLUMNS = ['game', 'white', 'black', 'recorded', 'result', 'reason', 'article', 'ply', 'move',
  'agrees', 'inferred', 'rules', 'error'];

function field(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function verdictsCsv(verdicts) {
  const lines = [COLUMNS.join(',')];
  for (const v of verdicts) lines.push(COLUMNS.map((c) => field(v[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function saveText(name, text, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
