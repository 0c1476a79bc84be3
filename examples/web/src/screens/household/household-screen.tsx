/// <reference lib="dom" />
// The household: its name, its members and their roles, invite links, the person's other households, and leaving.
// Owners see the controls that only owners may use; every change offers its undo.
import { DisplayNameForm } from "./display-name-form.tsx";
import { useUndoOffer } from "../../components/undo-offer.tsx";
import { useApp } from "../../context.ts";
import { useLoad } from "../../hooks/use-load.ts";
import { HouseholdsSection } from "./households-section.tsx";
import { InviteSection } from "./invite-section.tsx";
import { LeaveSection } from "./leave-section.tsx";
import { MembersSection } from "./members-section.tsx";
import { RenameForm } from "./rename-form.tsx";
import { routeHash } from "../../routes.ts";

export function HouseholdScreen() {
  const { api, household, refreshHouseholds, session } = useApp();
  const details = useLoad(() => api.tools().household.get({}), [api, household.id]);
  const reload = async () => {
    await Promise.all([details.reload(), refreshHouseholds()]);
  };
  const { offer, undo } = useUndoOffer(reload);
  const current = details.data?.households.find((candidate) => candidate.id === household.id);
  const isOwner = household.my_role === "owner";
  const myName = current?.members.find((member) => member.user_id === session.user.id)?.display_name ?? null;

  return (
    <section class="household-screen" aria-labelledby="household-heading">
      <h1 id="household-heading">{household.name}</h1>
      <p class="hint">
        You are {isOwner ? "an owner" : "a member"} of this household.
        {household.is_default ? " It opens when you sign in." : ""}
      </p>
      {undo}
      {current ? <DisplayNameForm key={myName ?? ""} current={myName} onChanged={reload} /> : null}
      {isOwner ? <RenameForm onRenamed={(sentence) => offer({ tool: "household.rename", sentence })} /> : null}
      {current
        ? <MembersSection members={current.members} isOwner={isOwner} onChanged={reload} offer={offer} />
        : <p class="loading">Loading members…</p>}
      {isOwner ? <InviteSection offer={offer} /> : null}
      <section class="card aisle-order-link" aria-labelledby="aisles-heading">
        <h2 id="aisles-heading">Aisles</h2>
        <p>
          The shopping list groups its items by aisle.{" "}
          <a href={routeHash({ screen: "household", part: "aisles" })}>Order of the aisles</a>
        </p>
      </section>
      <section class="card on-hand-link" aria-labelledby="on-hand-link-heading">
        <h2 id="on-hand-link-heading">On hand</h2>
        <p>
          What you always have stays off the week's shopping.{" "}
          <a href={routeHash({ screen: "household", part: "on-hand" })}>Ingredients on hand</a>
        </p>
      </section>
      <HouseholdsSection onDefaultChanged={(sentence) => offer({ tool: "household.set_default", sentence })} />
      <LeaveSection />
    </section>
  );
}
