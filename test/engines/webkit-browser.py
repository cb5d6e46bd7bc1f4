#!/usr/bin/python3
"""
The smallest WebKitGTK browser WebKitWebDriver can drive (webkitgtk:browserOptions.binary): one
window per automation session's web view, no toolbar (the viewport is the window), and a report on
standard output of what a visitor's browser would complain about: every console message (WebKit's
own, such as a Content-Security-Policy refusal or an unknown directive, included) and every request
that failed or was answered with an error status. The engines' tests read that report.

Debian's packages: webkit2gtk-driver, gir1.2-webkit2-4.1, python3-gi; run under Xvfb.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

# The web processes write console messages to their standard output, which they inherit from this
# one: --report=FILE sends them, with this browser's own lines, to that file.
for argument in sys.argv[1:]:
    if argument.startswith("--report="):
        report = os.open(argument.split("=", 1)[1], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(report, 1)
        os.dup2(report, 2)
sys.stdout.reconfigure(line_buffering=True)


def on_resource(view, resource, request):
    def failed(resource, error):
        # A request the page itself cancelled (a navigation away) is no fault of the site.
        if not error.matches(WebKit2.network_error_quark(), WebKit2.NetworkError.CANCELLED):
            # What the view was doing says whose request it was: the page's, or a load it replaced.
            kind = "page" if view.get_main_resource() == resource else "subresource"
            print(
                f"REQUEST FAILED {resource.get_uri()} {error.message} ({error.domain} {error.code}, {kind};"
                f" the view at {view.get_uri()}, {'loading' if view.is_loading() else 'loaded'})"
            )

    def finished(resource):
        response = resource.get_response()
        if response is not None and response.get_status_code() >= 400:
            print(f"REQUEST STATUS {response.get_status_code()} {resource.get_uri()}")

    resource.connect("failed", failed)
    resource.connect("finished", finished)


def in_window(view):
    window = Gtk.Window()
    window.set_decorated(False)
    window.add(view)
    window.show_all()
    view.connect("close", lambda _view: window.destroy())
    return view


def create_related(view, _action):
    """A link with target="_blank": a new window, as a browser opens one (its page is not reported)."""
    return in_window(WebKit2.WebView.new_with_related_view(view))


def create_web_view(session):
    view = WebKit2.WebView(is_controlled_by_automation=True)
    view.get_settings().set_enable_write_console_messages_to_stdout(True)
    view.connect("resource-load-started", on_resource)
    view.connect("create", create_related)
    return in_window(view)


def automation_started(context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("webkit-browser")
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context = WebKit2.WebContext.get_default()
context.set_automation_allowed(True)
context.connect("automation-started", automation_started)
Gtk.main()
