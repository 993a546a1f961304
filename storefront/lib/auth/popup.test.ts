import { isCallbackMessage, popupFeatures, readCallbackParams } from './popup';

describe('popupFeatures', () => {
  it('centres a 500×600 popup on the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 })).toBe(
      'width=500,height=600,left=500,top=200,popup=yes',
    );
  });

  it('never places it off the screen', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 390, outerHeight: 500 })).toBe(
      'width=500,height=600,left=0,top=0,popup=yes',
    );
  });
});

describe('readCallbackParams', () => {
  it('reads a code and its state', () => {
    expect(readCallbackParams(new URLSearchParams('code=abc&state=xyz'))).toEqual({
      code: 'abc',
      state: 'xyz',
      error: null,
      errorDescription: null,
    });
  });

  it('reads a refusal', () => {
    expect(
      readCallbackParams(new URLSearchParams('error=access_denied&error_description=No')),
    ).toEqual({
      code: null,
      state: null,
      error: 'access_denied',
      errorDescription: 'No',
    });
  });

  it('is null when neither is present', () => {
    expect(readCallbackParams(new URLSearchParams('state=only'))).toBeNull();
  });
});

describe('isCallbackMessage', () => {
  it('recognises only the callback page’s messages', () => {
    expect(isCallbackMessage({ type: 'shop-oauth-callback', code: 'a' })).toBe(true);
    expect(isCallbackMessage({ type: 'other' })).toBe(false);
    expect(isCallbackMessage('shop-oauth-callback')).toBe(false);
    expect(isCallbackMessage(null)).toBe(false);
  });
});
