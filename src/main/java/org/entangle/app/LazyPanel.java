package org.entangle.app;

import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;

/**
 * A panel's tab whose controls are built the first time it is shown (or asked for), so that starting the
 * workbench builds only the panel on screen: class loading, CSS and layout of the other panels wait until the
 * user opens them (issue #6: the window within 2 s of {@code java -jar}). Their view-models exist from the start.
 *
 * @param <N> the panel's type
 */
final class LazyPanel<N extends Node> {

    private final Tab tab;
    private final Supplier<N> build;
    private N panel;

    LazyPanel(String name, String title, String tip, Supplier<N> build) {
        this.build = build;
        tab = new Tab(title);
        tab.setTooltip(new Tooltip(tip));
        tab.setId("tab-" + name);
        tab.selectedProperty().addListener((o, a, selected) -> {
            if (selected) get();
        });
    }

    /** The panel, built now if it was not yet, and in its tab ({@link #attach}). */
    N get() {
        if (panel == null) {
            panel = build.get();
            tab.setContent(panel);
        }
        attach();
        return panel;
    }

    /**
     * Takes the built panel out of the scene until {@link #attach}: a change of the scene's style sheets then does not
     * restyle it (see {@link MainWindow}'s theme).
     */
    void detach() {
        if (panel != null) tab.setContent(null);
    }

    /** Puts the built panel back in its tab, styled, when {@link #detach} took it out; the next pulse lays it out. */
    void attach() {
        if (panel == null) return;
        panel.setManaged(true);
        if (tab.getContent() == panel) return;
        tab.setContent(panel);
        panel.applyCss();
    }

    /**
     * Leaves the built panel out of its tab's layout until {@link #attach}: a window resized then does not lay it out
     * (see {@link MainWindow}'s resizing).
     */
    void holdLayout() {
        if (panel != null) panel.setManaged(false);
    }

    /** Whether the panel has been built. */
    boolean built() {
        return panel != null;
    }

    Tab tab() {
        return tab;
    }
}
