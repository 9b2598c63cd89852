export { birthdayMailsModule } from './module.ts';
export { birthdayMail, type BirthdayMailInput } from './mail.ts';
export { createBirthdayMailsService, type BirthdayMailsService } from './service.ts';
