// The dashboard's only script (docs/decisions.md, the account dashboard): copy buttons and
// confirmations. Served from our own origin; the pages work without it.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const text = document.getElementById(button.getAttribute('data-copy'))?.textContent ?? '';
  navigator.clipboard?.writeText(text).then(
    () => {
      button.textContent = 'Copied';
    },
    () => {
      button.textContent = 'Select and copy';
    },
  );
});
document.addEventListener('submit', (event) => {
  const form = event.target;
  const question = form instanceof HTMLFormElement ? form.getAttribute('data-confirm') : null;
  if (question && !window.confirm(question)) event.preventDefault();
});
