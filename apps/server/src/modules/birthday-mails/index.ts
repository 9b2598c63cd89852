export { birthdayMailsModule } from './module.ts';
export { birthdayMail, type BirthdayMailInput } from './mail.ts';
