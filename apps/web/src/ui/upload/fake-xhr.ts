/**
 * A stand-in for XMLHttpRequest in tests (jsdom's would try to reach a server): it records each
 * request, and the test drives it with progress(), respond(), fail().
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  private uploadListeners = new Map<string, Array<(event: unknown) => void>>();

  readonly upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.aborted = true;
    this.emit('abort');
  }

  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.get('progress') ?? []) {
      listener({ lengthComputable: true, loaded, total });
    }
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.emit('load');
  }

  /** The connection broke: no status. */
  fail() {
    this.emit('error');
  }

  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type });
  }

  /** Replaces the global XMLHttpRequest; call the answer to put the real one back. */
  static install(): () => void {
    const original = globalThis.XMLHttpRequest;
    FakeXhr.requests = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    return () => {
      globalThis.XMLHttpRequest = original;
    };
  }
}
