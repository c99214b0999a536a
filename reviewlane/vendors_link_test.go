package reviewlane

// Every vendor registers itself with the registry the configuration validates against.
import _ "github.com/war-room/war-room/internal/provider/vendors"
