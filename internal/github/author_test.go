package github

import "testing"

func TestAuthorIs(t *testing.T) {
	for _, tc := range []struct {
		a    Author
		ours string
		want bool
	}{
		{Author{"war-room[bot]", "Bot"}, "war-room[bot]", true}, // REST
		{Author{"war-room", "Bot"}, "war-room[bot]", true},      // GraphQL drops the suffix
		{Author{"War-Room[bot]", ""}, "war-room[bot]", true},    // case
		{Author{"war-room", "User"}, "war-room[bot]", false},    // a person with the bare name
		{Author{"war-room", ""}, "war-room[bot]", false},        // unknown kind: exact logins only
		{Author{"alice", "User"}, "alice", true},                // a personal token
		{Author{"alice", "Bot"}, "alice", false},                // a bot is not the person
		{Author{"github-actions", "Bot"}, "github-actions[bot]", true},
		{Author{"", "Bot"}, "war-room[bot]", false},
		{Author{"war-room[bot]", "Bot"}, "", false},
	} {
		if got := tc.a.Is(tc.ours); got != tc.want {
			t.Errorf("%+v.Is(%q) = %v, want %v", tc.a, tc.ours, got, tc.want)
		}
	}
}

func TestFirstLineMarker(t *testing.T) {
	for _, tc := range []struct {
		body, want string
		ok         bool
	}{
		{"<!-- war-room:reply comment=7 -->\ntext", "reply comment=7", true},
		{"<!-- war-room:lane=a -->\r\ntext", "lane=a", true},
		{"<!-- war-room:lane=a -->", "lane=a", true},
		{"text\n<!-- war-room:lane=a -->", "", false}, // only the first line counts
		{" <!-- war-room:lane=a -->\n", "", false},    // exactly at the start
		{"<!-- war-room:a --> b -->\n", "", false},    // no comment inside a comment
		{"<!-- not-war-room:lane=a -->\n", "", false},
	} {
		got, ok := FirstLineMarker(tc.body)
		if got != tc.want || ok != tc.ok {
			t.Errorf("FirstLineMarker(%q) = %q %v, want %q %v", tc.body, got, ok, tc.want, tc.ok)
		}
	}
	if MarkerLine("x=1") != "<!-- war-room:x=1 -->" {
		t.Error(MarkerLine("x=1"))
	}
}
