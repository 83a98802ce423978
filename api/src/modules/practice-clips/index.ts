// What other modules use of the practice clips (an account's export and deletion).
export * from './practice-clips.service.js';
