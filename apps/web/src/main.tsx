import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadAppConfig } from './shared/config/appConfig.ts';
import { installErrorCapture } from './shared/errorLog/capture.ts';
import { initI18n, translate } from './shared/i18n/index.ts';
import { loadServerTexts } from './shared/i18n/serverTexts.ts';
// antd's component styles, ahead of the app's own (AppProviders: zeroRuntime).
import 'antd/dist/antd.css';
import './styles/app.css';

initI18n();
installErrorCapture();

const container = document.getElementById('root');
if (!container) {
  throw new Error('#root is missing from index.html');
}
const root = createRoot(container);

/** Shown when the client settings cannot be loaded: nothing else can work without them. */
function BootError() {
  return (
    <div className="boot-error" role="alert">
      <p>{translate('common.loadFailed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {translate('common.retry')}
      </button>
    </div>
  );
}

// The client id/secret and the captcha/tenant modes are needed by the very first screen.
// The server's texts (over the bundled ones) come beside them; their failure leaves the bundled texts.
Promise.all([loadAppConfig(), loadServerTexts()])
  .then(() => root.render(<App />))
  .catch(() => root.render(<BootError />));
