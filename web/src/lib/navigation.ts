/**
 * Lets non-React code (the request layer's 401 handling) navigate through the router once the app
 * has registered it; before that a hard redirect is the only option.
 */
type Navigate = (to: string) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export const setNavigator = (fn: Navigate): void => {
  navigator = fn;
};

export const navigateTo = (to: string): void => navigator(to);
