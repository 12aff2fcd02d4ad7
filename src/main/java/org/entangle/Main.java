package org.entangle;

import org.entangle.app.shell.DesktopOptions;
import org.entangle.app.shell.EntangleApp;
import org.entangle.cli.EntangleCli;

/**
 * Entry point of {@code entangle.jar}, and the one class that knows both front ends: with no arguments (or only
 * desktop options such as {@code --screenshot}) it opens the desktop workbench ({@link EntangleApp}); otherwise it
 * runs one command-line command ({@link EntangleCli}) and exits with its status (0 success, 1 not a correct scan, 2
 * bad input or usage). The command line and the workbench do not depend on each other.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (DesktopOptions.isDesktopInvocation(args)) {
            EntangleApp.launchDesktop(args);
            return;
        }
        System.exit(EntangleCli.run(args));
    }
}
