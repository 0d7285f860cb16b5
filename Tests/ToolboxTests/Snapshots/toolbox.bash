#!/bin/bash

__toolbox_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__toolbox_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__toolbox_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__toolbox_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_toolbox() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    plugins|config|cache|completion|movies|trailers|surf|kiwi|help)
        # Offer subcommand argument completions
        "_toolbox_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'plugins config cache completion movies trailers surf kiwi help' -- "${cur}"))
        ;;
    esac
}

_toolbox_plugins() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|get|set|unset|path|check|template)
        # Offer subcommand argument completions
        "_toolbox_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list get set unset path check template' -- "${cur}"))
        ;;
    esac
}

_toolbox_config_list() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_config_get() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion config get -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_config_set() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion config set -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion config set -- positional@1 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_config_unset() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion config unset -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_config_path() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_config_check() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_config_template() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_cache() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    stats|clear)
        # Offer subcommand argument completions
        "_toolbox_cache_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'stats clear' -- "${cur}"))
        ;;
    esac
}

_toolbox_cache_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_cache_clear() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--plugin --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--plugin')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion cache clear -- --plugin "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_completion() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W 'bash'$'\n''zsh'$'\n''fish'
        return
        ;;
    esac
}

_toolbox_movies() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|search|actors|show|share|trailer|similar|recommended|poster|favorites|watched|diary|hide|hidden|unhide)
        # Offer subcommand argument completions
        "_toolbox_movies_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list search actors show share trailer similar recommended poster favorites watched diary hide hidden unhide' -- "${cur}"))
        ;;
    esac
}

_toolbox_movies_list() {
    repeating_flags=()
    non_repeating_flags=(--all --on-my-services --images --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--genre)
    non_repeating_options=(--person --actor --year --years --min-rating --min-votes --sort --page --limit --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--person')
        return
        ;;
    '--actor')
        return
        ;;
    '--genre')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion movies list -- --genre "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--year')
        return
        ;;
    '--years')
        return
        ;;
    '--min-rating')
        return
        ;;
    '--min-votes')
        return
        ;;
    '--sort')
        __toolbox_add_completions -W 'popularity'$'\n''rating'$'\n''date'$'\n''title'
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_search() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--year --page --limit --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--year')
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_actors() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_show() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--region --image-width --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--region')
        return
        ;;
    '--image-width')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_share() {
    repeating_flags=()
    non_repeating_flags=(--copy --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_trailer() {
    repeating_flags=()
    non_repeating_flags=(--print --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--pick --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--pick')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_similar() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --images --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--genre)
    non_repeating_options=(--year --years --min-rating --min-votes --sort --page --limit --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--genre')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion movies similar -- --genre "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--year')
        return
        ;;
    '--years')
        return
        ;;
    '--min-rating')
        return
        ;;
    '--min-votes')
        return
        ;;
    '--sort')
        __toolbox_add_completions -W 'popularity'$'\n''rating'$'\n''date'$'\n''title'
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_recommended() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --images --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--genre)
    non_repeating_options=(--year --years --min-rating --min-votes --sort --page --limit --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--genre')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion movies recommended -- --genre "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--year')
        return
        ;;
    '--years')
        return
        ;;
    '--min-rating')
        return
        ;;
    '--min-votes')
        return
        ;;
    '--sort')
        __toolbox_add_completions -W 'popularity'$'\n''rating'$'\n''date'$'\n''title'
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_poster() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--size --output -o --image-width --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--size')
        __toolbox_add_completions -W 'w92'$'\n''w154'$'\n''w185'$'\n''w342'$'\n''w500'$'\n''w780'$'\n''original'
        return
        ;;
    '--output'|'-o')
        __toolbox_add_completions -f
        return
        ;;
    '--image-width')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_favorites() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove)
        # Offer subcommand argument completions
        "_toolbox_movies_favorites_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove' -- "${cur}"))
        ;;
    esac
}

_toolbox_movies_favorites_list() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_favorites_add() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_favorites_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_watched() {
    repeating_flags=()
    non_repeating_flags=(--rewatch --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--rating --on --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--rating')
        return
        ;;
    '--on')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_diary() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|stats|export|import)
        # Offer subcommand argument completions
        "_toolbox_movies_diary_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list stats export import' -- "${cur}"))
        ;;
    esac
}

_toolbox_movies_diary_list() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--year --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--year')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_diary_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--year --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--year')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_diary_export() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_diary_import() {
    repeating_flags=()
    non_repeating_flags=(--yes -y --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    esac
}

_toolbox_movies_hide() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --genre --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--genre')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion movies hide -- --genre "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_hidden() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_movies_unhide() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --genre --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--genre')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    browse|trending|genres|providers|show|play|watchlist|arrivals|calendar)
        # Offer subcommand argument completions
        "_toolbox_trailers_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'browse trending genres providers show play watchlist arrivals calendar' -- "${cur}"))
        ;;
    esac
}

_toolbox_trailers_browse() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --all --images --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--provider --kind)
    non_repeating_options=(--type --sort --genre --dates --certification --region --page --limit --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'all'$'\n''movie'$'\n''tv'
        return
        ;;
    '--sort')
        __toolbox_add_completions -W 'trending'$'\n''popularity'$'\n''newest'$'\n''oldest'$'\n''top-rated'$'\n''lowest-rated'
        return
        ;;
    '--genre')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion trailers browse -- --genre "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--dates')
        __toolbox_add_completions -W 'upcoming'$'\n''this-month'$'\n''last-30-days'$'\n''last-90-days'$'\n''this-year'$'\n''all-time'
        return
        ;;
    '--certification')
        __toolbox_add_completions -W 'G'$'\n''PG'$'\n''PG-13'$'\n''R'$'\n''NC-17'
        return
        ;;
    '--provider')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion trailers browse -- --provider "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--kind')
        __toolbox_add_completions -W 'stream'$'\n''free'$'\n''ads'$'\n''rent'$'\n''buy'
        return
        ;;
    '--region')
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_trending() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --window --page --limit --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'all'$'\n''movie'$'\n''tv'
        return
        ;;
    '--window')
        __toolbox_add_completions -W 'day'$'\n''week'
        return
        ;;
    '--page')
        return
        ;;
    '--limit')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_genres() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_providers() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--region --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--region')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_show() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --region --image-width --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--region')
        return
        ;;
    '--image-width')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_play() {
    repeating_flags=()
    non_repeating_flags=(--print --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --pick --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--pick')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_watchlist() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove|export|import)
        # Offer subcommand argument completions
        "_toolbox_trailers_watchlist_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove export import' -- "${cur}"))
        ;;
    esac
}

_toolbox_trailers_watchlist_list() {
    repeating_flags=()
    non_repeating_flags=(--on-my-services --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_watchlist_add() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_watchlist_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'movie'$'\n''tv'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_watchlist_export() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_watchlist_import() {
    repeating_flags=()
    non_repeating_flags=(--yes -y --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--language --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    esac
}

_toolbox_trailers_arrivals() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--region --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--region')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_trailers_calendar() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --ics --region --language --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--ics')
        __toolbox_add_completions -o plusdirs -fX '!*.@(ics)'
        return
        ;;
    '--region')
        return
        ;;
    '--language')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    today|spots|conditions|now|forecast|tides|best|buoys|verify|log|like|reports)
        # Offer subcommand argument completions
        "_toolbox_surf_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'today spots conditions now forecast tides best buoys verify log like reports' -- "${cur}"))
        ;;
    esac
}

_toolbox_surf_today() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf_spots() {
    repeating_flags=()
    non_repeating_flags=(--images --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--country --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--country')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf spots -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_conditions() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf conditions -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_now() {
    repeating_flags=()
    non_repeating_flags=(--line --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf now -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_forecast() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf forecast -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_tides() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf tides -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_best() {
    repeating_flags=()
    non_repeating_flags=(--calibrated --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --min-score --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--min-score')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf best -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_buoys() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--hours --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--hours')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __toolbox_add_completions -W 'M2'$'\n''M3'$'\n''M4'$'\n''M5'$'\n''M6'
        return
        ;;
    esac
}

_toolbox_surf_verify() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--hours --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--hours')
        __toolbox_add_completions -W '24'$'\n''48'$'\n''72'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf verify -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_log() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|stats|export|remove)
        # Offer subcommand argument completions
        "_toolbox_surf_log_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add stats export remove' -- "${cur}"))
        ;;
    esac
}

_toolbox_surf_log_list() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--spot --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--spot')
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf log list -- --spot "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf_log_add() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--when --hours --rating --board --note --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--when')
        return
        ;;
    '--hours')
        return
        ;;
    '--rating')
        return
        ;;
    '--board')
        return
        ;;
    '--note')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf log add -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_log_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--year --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--year')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf_log_export() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf_log_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_surf_like() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --min-rating --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--min-rating')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf like -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_surf_reports() {
    repeating_flags=()
    non_repeating_flags=(--all --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W "$(__toolbox_custom_complete ---completion surf reports -- positional@0 "${COMP_CWORD}" "$(__toolbox_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_toolbox_kiwi() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    serve|migrate|approve|role|media|signup|login|logout|whoami|account|feed|post|books|book|reading|show|delete|photo|like|unlike|comment|comments|uncomment|follow|unfollow|followers|block|unblock|blocks|mute|unmute|mutes|report|reports|moderate|unsuspend|unsilence|audit|domains|following|profile|shelf|want|start|progress|finish|unshelve|year|import|import-archive|export|search|notifications|watch|outbox|sync)
        # Offer subcommand argument completions
        "_toolbox_kiwi_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'serve migrate approve role media signup login logout whoami account feed post books book reading show delete photo like unlike comment comments uncomment follow unfollow followers block unblock blocks mute unmute mutes report reports moderate unsuspend unsilence audit domains following profile shelf want start progress finish unshelve year import import-archive export search notifications watch outbox sync' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_serve() {
    repeating_flags=()
    non_repeating_flags=(--media-redirect --metrics --federation-allow-private --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--trusted-proxy --rate-limit)
    non_repeating_options=(--host --port --database --uploads --max-upload-bytes --media-folder --media-keys --media-url --media-store --media-cache-bytes --public-url --registrations --bcrypt-cost --head-timeout --body-timeout --idle-timeout --max-connections --max-connections-per-address --heartbeat --health-patience --federation --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--database')
        return
        ;;
    '--uploads')
        __toolbox_add_completions -d
        return
        ;;
    '--max-upload-bytes')
        return
        ;;
    '--media-folder')
        __toolbox_add_completions -d
        return
        ;;
    '--media-keys')
        __toolbox_add_completions -f
        return
        ;;
    '--media-url')
        return
        ;;
    '--media-store')
        return
        ;;
    '--media-cache-bytes')
        return
        ;;
    '--public-url')
        return
        ;;
    '--registrations')
        __toolbox_add_completions -W 'open'$'\n''approval'$'\n''closed'
        return
        ;;
    '--bcrypt-cost')
        return
        ;;
    '--trusted-proxy')
        return
        ;;
    '--head-timeout')
        return
        ;;
    '--body-timeout')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--max-connections')
        return
        ;;
    '--max-connections-per-address')
        return
        ;;
    '--rate-limit')
        return
        ;;
    '--heartbeat')
        return
        ;;
    '--health-patience')
        return
        ;;
    '--federation')
        __toolbox_add_completions -W 'off'$'\n''on'
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_migrate() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--from --to --media-to --media-from --uploads --media-folder --database --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--media-to')
        return
        ;;
    '--media-from')
        return
        ;;
    '--uploads')
        __toolbox_add_completions -d
        return
        ;;
    '--media-folder')
        __toolbox_add_completions -d
        return
        ;;
    '--database')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_approve() {
    repeating_flags=()
    non_repeating_flags=(--reject --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--database --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--database')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_role() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--database --config)
    __toolbox_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--database')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __toolbox_add_completions -W 'member'$'\n''moderator'$'\n''admin'
        return
        ;;
    esac
}

_toolbox_kiwi_media() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check)
        # Offer subcommand argument completions
        "_toolbox_kiwi_media_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_media_check() {
    repeating_flags=()
    non_repeating_flags=(--repair --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--media-store --database --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--media-store')
        return
        ;;
    '--database')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_signup() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --insecure --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--name --email --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--email')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_login() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --insecure --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_logout() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_whoami() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_account() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    update|delete)
        # Offer subcommand argument completions
        "_toolbox_kiwi_account_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'update delete' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_account_update() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--name --email --avatar --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--email')
        return
        ;;
    '--avatar')
        __toolbox_add_completions -f
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_account_delete() {
    repeating_flags=()
    non_repeating_flags=(--password-stdin --insecure --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--archive --confirm --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--archive')
        __toolbox_add_completions -f
        return
        ;;
    '--confirm')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_feed() {
    repeating_flags=()
    non_repeating_flags=(--all --following --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--page --page-size --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--page')
        return
        ;;
    '--page-size')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_post() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--image --caption --alt --book --spoiler --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--image')
        __toolbox_add_completions -f
        return
        ;;
    '--caption')
        return
        ;;
    '--alt')
        return
        ;;
    '--book')
        return
        ;;
    '--spoiler')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_books() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_book() {
    repeating_flags=()
    non_repeating_flags=(--all --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--page --page-size --server --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--page')
        return
        ;;
    '--page-size')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_reading() {
    repeating_flags=()
    non_repeating_flags=(--following --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--days --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--days')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_show() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --image-width)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--image-width')
        return
        ;;
    esac
}

_toolbox_kiwi_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --yes -y --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_photo() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --full --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --output -o --image-width)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--output'|'-o')
        __toolbox_add_completions -f
        return
        ;;
    '--image-width')
        return
        ;;
    esac
}

_toolbox_kiwi_like() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_unlike() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_comment() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --spoiler)
    __toolbox_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--spoiler')
        return
        ;;
    esac
}

_toolbox_kiwi_comments() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_uncomment() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_follow() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_unfollow() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_followers() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|remove)
        # Offer subcommand argument completions
        "_toolbox_kiwi_followers_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list remove' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_followers_list() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_followers_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_block() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_unblock() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_blocks() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_mute() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --for)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--for')
        __toolbox_add_completions -W '1h'$'\n''1d'$'\n''7d'$'\n''30d'
        return
        ;;
    esac
}

_toolbox_kiwi_unmute() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_mutes() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_report() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    create|show)
        # Offer subcommand argument completions
        "_toolbox_kiwi_report_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'create show' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_report_create() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=(--post)
    non_repeating_options=(--category --comment --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--category')
        __toolbox_add_completions -W 'spam'$'\n''harassment'$'\n''spoilers'$'\n''rules'$'\n''other'
        return
        ;;
    '--comment')
        return
        ;;
    '--post')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_report_show() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_reports() {
    repeating_flags=()
    non_repeating_flags=(--all --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_moderate() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--reason --server --config)
    __toolbox_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--reason')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __toolbox_add_completions -W 'dismiss'$'\n''remove'$'\n''warn'$'\n''silence'$'\n''suspend'
        return
        ;;
    esac
}

_toolbox_kiwi_unsuspend() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --reason)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_toolbox_kiwi_unsilence() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --reason)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_toolbox_kiwi_audit() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_domains() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|block|unblock)
        # Offer subcommand argument completions
        "_toolbox_kiwi_domains_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list block unblock' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_domains_list() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_domains_block() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--reason --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--reason')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_domains_unblock() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--reason --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--reason')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_following() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_profile() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_shelf() {
    repeating_flags=()
    non_repeating_flags=(--spoilers --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--user --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--user')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -W 'want'$'\n''reading'$'\n''read'
        return
        ;;
    esac
}

_toolbox_kiwi_want() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_start() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --on)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--on')
        return
        ;;
    esac
}

_toolbox_kiwi_progress() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_finish() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config --on --review --spoiler)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    '--on')
        return
        ;;
    '--review')
        return
        ;;
    '--spoiler')
        return
        ;;
    esac
}

_toolbox_kiwi_unshelve() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_year() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--user --server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--user')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_import() {
    repeating_flags=()
    non_repeating_flags=(--yes --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -o plusdirs -fX '!*.@(csv)'
        return
        ;;
    esac
}

_toolbox_kiwi_import-archive() {
    repeating_flags=()
    non_repeating_flags=(--yes --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __toolbox_add_completions -o plusdirs -fX '!*.@(zip)'
        return
        ;;
    esac
}

_toolbox_kiwi_export() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--output --server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--output')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_search() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--type --limit --server --config)
    __toolbox_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--type')
        __toolbox_add_completions -W 'posts'$'\n''books'$'\n''members'
        return
        ;;
    '--limit')
        return
        ;;
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_notifications() {
    repeating_flags=()
    non_repeating_flags=(--unread --all --keep --json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_watch() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --spoilers --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_outbox() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|drop)
        # Offer subcommand argument completions
        "_toolbox_kiwi_outbox_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list drop' -- "${cur}"))
        ;;
    esac
}

_toolbox_kiwi_outbox_list() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_outbox_drop() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_kiwi_sync() {
    repeating_flags=()
    non_repeating_flags=(--json --no-color --verbose -v --quiet -q --offline --refresh --plain --no-images --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --config)
    __toolbox_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--config')
        __toolbox_add_completions -o plusdirs -fX '!*.@(yaml|yml)'
        return
        ;;
    esac
}

_toolbox_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __toolbox_offer_flags_options -1
}

complete -o filenames -F _toolbox toolbox
