// The menu tree lives in the contract (its button codes type every permission check); the seed re-exports it.
export { CRUD_BUTTONS, MENU_TREE, buttonCodes, type MenuSeed } from '@zoo/contract';
