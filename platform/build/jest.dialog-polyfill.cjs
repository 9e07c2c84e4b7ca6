/* global window, document */
// jsdom (26) knows <dialog> and its `open` attribute but not showModal()/close() nor the Escape key's `cancel`
// event, which the platform's Modal relies on. This polyfill gives tests the browser's observable behaviour:
// showModal() opens and stacks the dialog, close() closes it and fires `close`, and Escape fires a cancelable
// `cancel` on the topmost modal dialog and closes it unless the handler prevented that. What it cannot give is
// the top layer and inertness of the page behind, which only a browser has (the browser suite checks those).
const proto = window.HTMLDialogElement && window.HTMLDialogElement.prototype;

if (proto && typeof proto.showModal !== 'function') {
  /** Open modal dialogs, topmost last. */
  const stack = [];

  const domException = (message, name) => new window.DOMException(message, name);

  proto.showModal = function showModal() {
    if (this.open && stack.includes(this)) return;
    if (this.open)
      throw domException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    if (!this.isConnected) throw domException('The dialog is not connected.', 'InvalidStateError');
    this.setAttribute('open', '');
    stack.push(this);
  };

  proto.show = function show() {
    if (this.open) return;
    this.setAttribute('open', '');
  };

  proto.close = function close(returnValue) {
    if (!this.open) return;
    this.removeAttribute('open');
    const index = stack.indexOf(this);
    if (index >= 0) stack.splice(index, 1);
    if (returnValue !== undefined) this.returnValue = String(returnValue);
    // Browsers queue the close event as a task; a microtask keeps act() warnings away while still async.
    queueMicrotask(() => this.dispatchEvent(new Event('close')));
  };

  if (!('returnValue' in proto)) {
    Object.defineProperty(proto, 'returnValue', { value: '', writable: true, configurable: true });
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A dialog removed from the document without close() (an unmounted React tree) no longer counts.
    for (let i = stack.length - 1; i >= 0; i -= 1) if (!stack[i].isConnected) stack.splice(i, 1);
    const top = stack[stack.length - 1];
    if (!top) return;
    const proceed = top.dispatchEvent(new Event('cancel', { cancelable: true }));
    if (proceed) top.close();
  });
}
