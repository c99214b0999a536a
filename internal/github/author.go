package github

import (
	"strings"

	"github.com/google/go-github/v62/github"
)

// Author is who wrote an item, as GitHub lists it.
type Author struct {
	Login string
	// Type is "Bot", "User" or "Organization" (REST's user.type, GraphQL's __typename), ""
	// when the listing does not say.
	Type string
}

// UserAuthor is the author a REST listing names: its login and its type.
func UserAuthor(u *github.User) Author { return Author{Login: u.GetLogin(), Type: u.GetType()} }

// Is says whether the author is the account ours names, spelt as configured or as REST
// spells it ("name[bot]" for an App or github-actions). GraphQL spells a bot without the
// suffix, so with a known Type the logins are compared without it, and the kinds must agree
// too: a person who registered the bare name "war-room" is not the bot "war-room[bot]". With
// no Type the logins must match as they are.
func (a Author) Is(ours string) bool {
	if ours == "" || a.Login == "" {
		return false
	}
	if a.Type == "" {
		return strings.EqualFold(a.Login, ours)
	}
	return sameLogin(a.Login, ours) && (a.Type == "Bot") == isBotLogin(ours)
}

// sameLogin compares two logins however each is spelt: REST and configuration spell a bot
// "name[bot]", GraphQL "name"; GitHub compares logins without regard to case. It says
// nothing about whether both are bots: use Author.Is to trust a marker.
func sameLogin(a, b string) bool {
	return strings.EqualFold(strings.TrimSuffix(a, "[bot]"), strings.TrimSuffix(b, "[bot]"))
}

// isBotLogin says whether a login is spelt as REST spells a bot's.
func isBotLogin(login string) bool { return strings.HasSuffix(login, "[bot]") }
