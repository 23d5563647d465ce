-- Cash-outs are free (docs/decisions/0215-cash-out-without-a-fee.md): the setting that priced them
-- goes, so no screen offers a fee that nothing charges. Payouts already requested keep their fee.
DELETE FROM "tenant_settings" WHERE "setting_key" = 'instant_cashout_fee_minor';
