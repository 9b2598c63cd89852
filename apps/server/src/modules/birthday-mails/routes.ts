import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { testBirthdayEmailBodySchema } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { birthdayMail } from './mail.ts';

export type BirthdayMailDeps = {
  networks: NetworksService;
  accounts: AccountsService;
  members: MembersService;
  mailer: Mailer;
  publicUrl: string;
};

/** `POST /administration/settings/send_test_birthday_email`: the birthday mail, to the administrator. */
export function birthdayMailRoutes(deps: BirthdayMailDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/administration/settings/send_test_birthday_email',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: testBirthdayEmailBodySchema,
          tags: ['administration'],
          summary: 'Send the birthday mail to yourself',
          description:
            'Queues the birthday mail to the administrator’s own address, with the `birthday_emails` sent ' +
            '(image, subject, text: what the form holds, unsaved) or else the saved ones; the body is optional. ' +
            'Answers `{message}`, a German confirmation, and the address in `to`.',
        },
      },
      async (request): Promise<{ message: string; to: string }> => {
        const actor = request.actor!;
        const [network, [membership], addresses] = await Promise.all([
          deps.networks.get(actor.networkId),
          deps.members.findMany(actor.networkId, [actor.membershipId]),
          deps.accounts.mailAddresses(actor.networkId, [actor.membershipId]),
        ]);
        const address = addresses.get(actor.membershipId);
        if (!network || !membership || !address) throw notFound();
        const saved = deps.networks.settings(network).birthday_emails;
        const locale = localeFor(address.locale, network.language);
        const content = birthdayMail(
          locale,
          { ...saved, ...request.body?.birthday_emails },
          { firstName: membership.firstName, publicUrl: deps.publicUrl },
        );
        await deps.mailer.send({
          networkId: network.id,
          networkName: network.name,
          to: address.email,
          locale,
          ...content,
        });
        return { message: `Die Test-Geburtstagsmail wurde an ${address.email} gesendet.`, to: address.email };
      },
    );
  };
}
