
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "graphql_public": {
          Tables: {
            [_ in never]: never
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            [_ in never]: never
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        },"public": {
          Tables: {
            "chisme_authors": {
                  Row: {
                    "chisme_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "chisme_id": string,"user_id": string
                  }
                  Update: {
                    "chisme_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "chisme_authors_chisme_id_fkey"
      columns: ["chisme_id"]
isOneToOne: true
      referencedRelation: "chismes"
      referencedColumns: ["id"]
    }
                  ]
                },"chismes": {
                  Row: {
                    "comments": number,"content": string,"cotilleo": boolean,"country": string,"created_at": string,"crisis": boolean,"deleted_at": string | null,"file_exist": boolean,"gender": string,"hidden_at": string | null,"id": string,"likes": number,"report": number,"tags": (string)[],"updated_at": string,"years": number
                  }
                  ComputedFields: never
                  Insert: {
                    "comments"?: number,"content": string,"cotilleo"?: boolean,"country"?: string,"created_at"?: string,"crisis"?: boolean,"deleted_at"?: string | null,"file_exist"?: boolean,"gender": string,"hidden_at"?: string | null,"id"?: string,"likes"?: number,"report"?: number,"tags"?: (string)[],"updated_at"?: string,"years": number
                  }
                  Update: {
                    "comments"?: number,"content"?: string,"cotilleo"?: boolean,"country"?: string,"created_at"?: string,"crisis"?: boolean,"deleted_at"?: string | null,"file_exist"?: boolean,"gender"?: string,"hidden_at"?: string | null,"id"?: string,"likes"?: number,"report"?: number,"tags"?: (string)[],"updated_at"?: string,"years"?: number
                  }
                  Relationships: [
                    
                  ]
                },"comment_authors": {
                  Row: {
                    "comment_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "comment_id": string,"user_id": string
                  }
                  Update: {
                    "comment_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "comment_authors_comment_id_fkey"
      columns: ["comment_id"]
isOneToOne: true
      referencedRelation: "comments"
      referencedColumns: ["id"]
    }
                  ]
                },"comments": {
                  Row: {
                    "chisme_id": string,"commenter_number": number,"content": string,"country": string,"created_at": string,"crisis": boolean,"deleted_at": string | null,"depth": number,"gender": string,"hidden_at": string | null,"id": string,"is_chisme_author": boolean,"parent_id": string | null,"report": number,"root_id": string,"updated_at": string,"years": number
                  }
                  ComputedFields: never
                  Insert: {
                    "chisme_id": string,"commenter_number"?: number,"content": string,"country": string,"created_at"?: string,"crisis"?: boolean,"deleted_at"?: string | null,"depth": number,"gender": string,"hidden_at"?: string | null,"id"?: string,"is_chisme_author"?: boolean,"parent_id"?: string | null,"report"?: number,"root_id": string,"updated_at"?: string,"years": number
                  }
                  Update: {
                    "chisme_id"?: string,"commenter_number"?: number,"content"?: string,"country"?: string,"created_at"?: string,"crisis"?: boolean,"deleted_at"?: string | null,"depth"?: number,"gender"?: string,"hidden_at"?: string | null,"id"?: string,"is_chisme_author"?: boolean,"parent_id"?: string | null,"report"?: number,"root_id"?: string,"updated_at"?: string,"years"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "comments_chisme_id_fkey"
      columns: ["chisme_id"]
isOneToOne: false
      referencedRelation: "chismes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "comments_parent_id_fkey"
      columns: ["parent_id"]
isOneToOne: false
      referencedRelation: "comments"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "comments_root_id_fkey"
      columns: ["root_id"]
isOneToOne: false
      referencedRelation: "comments"
      referencedColumns: ["id"]
    }
                  ]
                },"country_logs": {
                  Row: {
                    "country": string,"created_at": string,"id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "country": string,"created_at"?: string,"id"?: string,"user_id"?: string
                  }
                  Update: {
                    "country"?: string,"created_at"?: string,"id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"likes": {
                  Row: {
                    "chisme_id": string,"created_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "chisme_id": string,"created_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "chisme_id"?: string,"created_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "likes_chisme_id_fkey"
      columns: ["chisme_id"]
isOneToOne: false
      referencedRelation: "chismes"
      referencedColumns: ["id"]
    }
                  ]
                },"moderation_audit": {
                  Row: {
                    "action": string,"created_at": string,"detail": NonNullable<Json>,"id": number,"moderator_id": string | null,"target_id": string | null,"target_kind": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"created_at"?: string,"detail"?: NonNullable<Json>,"id"?: never,"moderator_id"?: string | null,"target_id"?: string | null,"target_kind": string
                  }
                  Update: {
                    "action"?: string,"created_at"?: string,"detail"?: NonNullable<Json>,"id"?: never,"moderator_id"?: string | null,"target_id"?: string | null,"target_kind"?: string
                  }
                  Relationships: [
                    
                  ]
                },"moderation_statements": {
                  Row: {
                    "automated": boolean,"chisme_id": string | null,"comment_id": string | null,"complaint_until": string,"created_at": string,"decision": string,"explanation": string | null,"facts": string,"id": string,"legal_ground": string | null,"reason": string,"reports_received": number,"reversed_at": string | null,"rule": string,"snippet": string | null,"suspended_until": string | null,"target_kind": string,"thresholds": NonNullable<Json>,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "automated": boolean,"chisme_id"?: string | null,"comment_id"?: string | null,"complaint_until": string,"created_at"?: string,"decision": string,"explanation"?: string | null,"facts": string,"id"?: string,"legal_ground"?: string | null,"reason": string,"reports_received"?: number,"reversed_at"?: string | null,"rule": string,"snippet"?: string | null,"suspended_until"?: string | null,"target_kind": string,"thresholds": NonNullable<Json>,"user_id": string
                  }
                  Update: {
                    "automated"?: boolean,"chisme_id"?: string | null,"comment_id"?: string | null,"complaint_until"?: string,"created_at"?: string,"decision"?: string,"explanation"?: string | null,"facts"?: string,"id"?: string,"legal_ground"?: string | null,"reason"?: string,"reports_received"?: number,"reversed_at"?: string | null,"rule"?: string,"snippet"?: string | null,"suspended_until"?: string | null,"target_kind"?: string,"thresholds"?: NonNullable<Json>,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"notifications": {
                  Row: {
                    "created_at": string,"data": NonNullable<Json>,"group_key": string | null,"id": string,"is_read": boolean,"message": string,"senders": number,"type": string,"unique_id": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"data"?: NonNullable<Json>,"group_key"?: string | null,"id"?: string,"is_read"?: boolean,"message": string,"senders"?: number,"type": string,"unique_id"?: string | null,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"data"?: NonNullable<Json>,"group_key"?: string | null,"id"?: string,"is_read"?: boolean,"message"?: string,"senders"?: number,"type"?: string,"unique_id"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    
                  ]
                },"offensive_words": {
                  Row: {
                    "created_at": string,"folded": string | null,"id": string,"pattern": string | null,"word": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"folded"?: never,"id"?: string,"pattern"?: never,"word": string
                  }
                  Update: {
                    "created_at"?: string,"folded"?: never,"id"?: string,"pattern"?: never,"word"?: string
                  }
                  Relationships: [
                    
                  ]
                },"profiles": {
                  Row: {
                    "adult_confirmed_at": string | null,"cotilleo": boolean,"created_at": string,"display_name": string,"id": string,"murmuro": boolean,"updated_at": string,"username": string
                  }
                  ComputedFields: never
                  Insert: {
                    "adult_confirmed_at"?: string | null,"cotilleo"?: boolean,"created_at"?: string,"display_name": string,"id": string,"murmuro"?: boolean,"updated_at"?: string,"username": string
                  }
                  Update: {
                    "adult_confirmed_at"?: string | null,"cotilleo"?: boolean,"created_at"?: string,"display_name"?: string,"id"?: string,"murmuro"?: boolean,"updated_at"?: string,"username"?: string
                  }
                  Relationships: [
                    
                  ]
                },"report_reasons": {
                  Row: {
                    "active": boolean,"code": string,"illegal": boolean,"label": string,"legal_ground": string | null,"position": number,"rule": string
                  }
                  ComputedFields: never
                  Insert: {
                    "active"?: boolean,"code": string,"illegal"?: boolean,"label": string,"legal_ground"?: string | null,"position"?: number,"rule": string
                  }
                  Update: {
                    "active"?: boolean,"code"?: string,"illegal"?: boolean,"label"?: string,"legal_ground"?: string | null,"position"?: number,"rule"?: string
                  }
                  Relationships: [
                    
                  ]
                },"reports": {
                  Row: {
                    "chisme_id": string | null,"comment_id": string | null,"counts": boolean,"created_at": string,"decision": string | null,"explanation": string | null,"handled_at": string | null,"id": string,"reason": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "chisme_id"?: string | null,"comment_id"?: string | null,"counts"?: boolean,"created_at"?: string,"decision"?: string | null,"explanation"?: string | null,"handled_at"?: string | null,"id"?: string,"reason": string,"user_id"?: string
                  }
                  Update: {
                    "chisme_id"?: string | null,"comment_id"?: string | null,"counts"?: boolean,"created_at"?: string,"decision"?: string | null,"explanation"?: string | null,"handled_at"?: string | null,"id"?: string,"reason"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "reports_chisme_id_fkey"
      columns: ["chisme_id"]
isOneToOne: false
      referencedRelation: "chismes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "reports_comment_id_fkey"
      columns: ["comment_id"]
isOneToOne: false
      referencedRelation: "comments"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "add_comment":
{ Args: { "p_chisme_id": string,"p_content": string,"p_country": string,"p_gender": string,"p_parent_id": string,"p_years": string }; Returns: Json
                           },
"add_offensive_word":
{ Args: { "p_word": string }; Returns: {
              "created_at": string,
"folded": string | null,
"id": string,
"pattern": string | null,
"word": string
            }
                          SetofOptions: {
        from: "*"
        to: "offensive_words"
        isOneToOne: true
        isSetofReturn: false
      } },
"block_chisme_author":
{ Args: { "p_chisme_id": string }; Returns: undefined
                           },
"block_comment_author":
{ Args: { "p_comment_id": string }; Returns: undefined
                           },
"check_account_proof":
{ Args: { "p_client": string,"p_code": string,"p_password": string,"p_user_id": string }; Returns: Json
                           },
"claim_auth_mail":
{ Args: { "p_client": string,"p_kind": string,"p_recipients": (string)[] }; Returns: Json
                           },
"claim_notice_mails":
{ Args: { "p_limit": number }; Returns: Json
                           },
"claim_push_deliveries":
{ Args: { "p_limit"?: number }; Returns: {
              "attempts": number,"auth": string,"endpoint": string,"id": number,"p256dh": string,"payload": Json,"topic": string,"ttl": number,"urgency": string
            }[]
                           },
"confirm_notice":
{ Args: { "p_token": string }; Returns: undefined
                           },
"create_chisme":
{ Args: { "p_content": string,"p_cotilleo": string,"p_country": string,"p_gender": string,"p_tags": Json,"p_years": string }; Returns: Json
                           },
"decide_complaint":
{ Args: { "p_answer": string,"p_id": string,"p_outcome": string }; Returns: undefined
                           },
"delete_account":
{ Args: { "p_user_id": string }; Returns: (string)[]
                           },
"delete_my_chisme":
{ Args: { "p_chisme_id": string }; Returns: boolean
                           },
"delete_my_comment":
{ Args: { "p_comment_id": string }; Returns: boolean
                           },
"delete_notification":
{ Args: { "p_id": string }; Returns: boolean
                           },
"delete_offensive_word":
{ Args: { "p_word": string }; Returns: boolean
                           },
"delete_push_device":
{ Args: { "p_id": string }; Returns: boolean
                           },
"delete_push_subscription":
{ Args: { "p_endpoint": string }; Returns: boolean
                           },
"delete_reported_chisme":
{ Args: { "p_chisme_id": string }; Returns: boolean
                           },
"delete_reported_comment":
{ Args: { "p_comment_id": string }; Returns: boolean
                           },
"file_complaint":
{ Args: { "p_explanation": string,"p_id": string,"p_kind": string }; Returns: string
                           },
"find_offensive_words":
{ Args: { "p_text": string }; Returns: (string)[]
                           },
"find_personal_data":
{ Args: { "p_text": string }; Returns: string
                           },
"finish_notice_mails":
{ Args: { "p_ids": (string)[] }; Returns: number
                           },
"finish_push_deliveries":
{ Args: { "p_results": Json }; Returns: Json
                           },
"get_block_count":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"get_chisme":
{ Args: { "p_id": string }; Returns: Database["public"]['CompositeTypes']["feed_chisme"]
                          SetofOptions: {
        from: "*"
        to: "feed_chisme"
        isOneToOne: true
        isSetofReturn: false
      } },
"get_chisme_counts":
{ Args: { "p_ids": Json }; Returns: {
              "comments": number,"file_exist": boolean,"id": string,"image_viewable": boolean,"likes": number
            }[]
                           },
"get_comments":
{ Args: { "p_chisme_id": string,"p_cursor_created_at"?: string,"p_cursor_id"?: string,"p_limit"?: string }; Returns: Database["public"]['CompositeTypes']["thread_comment"][]
                          SetofOptions: {
        from: "*"
        to: "thread_comment"
        isOneToOne: false
        isSetofReturn: true
      } },
"get_complaints":
{ Args: Record<PropertyKey, never>; Returns: {
              "automated": boolean,"chisme_id": string,"comment_id": string,"content": string,"created_at": string,"decision": string,"explanation": string,"id": string,"kind": string,"reason": string,"reason_label": string,"statement_explanation": string,"target_kind": string
            }[]
                           },
"get_feed":
{ Args: { "p_cotilleo": string,"p_country"?: string,"p_cursor_created_at"?: string,"p_cursor_id"?: string,"p_cursor_likes"?: string,"p_gender"?: string,"p_limit"?: string,"p_tab": string,"p_tags"?: Json,"p_years_from"?: string,"p_years_to"?: string }; Returns: Database["public"]['CompositeTypes']["feed_chisme"][]
                          SetofOptions: {
        from: "*"
        to: "feed_chisme"
        isOneToOne: false
        isSetofReturn: true
      } },
"get_moderation_queue":
{ Args: { "p_cursor_id"?: string,"p_cursor_last_reported_at"?: string,"p_cursor_pending"?: string,"p_limit"?: string }; Returns: Database["public"]['CompositeTypes']["moderation_item"][]
                          SetofOptions: {
        from: "*"
        to: "moderation_item"
        isOneToOne: false
        isSetofReturn: true
      } },
"get_my_chismes":
{ Args: { "p_cotilleo": boolean }; Returns: Database["public"]['CompositeTypes']["feed_chisme"][]
                          SetofOptions: {
        from: "*"
        to: "feed_chisme"
        isOneToOne: false
        isSetofReturn: true
      } },
"get_my_data":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"get_my_hidden_chismes":
{ Args: Record<PropertyKey, never>; Returns: {
              "appealed": boolean,"chisme_id": string,"statement_id": string
            }[]
                           },
"get_my_push_devices":
{ Args: Record<PropertyKey, never>; Returns: {
              "created_at": string,"id": string,"last_success_at": string,"this_device": boolean,"user_agent_family": string
            }[]
                           },
"get_my_reports":
{ Args: Record<PropertyKey, never>; Returns: {
              "chisme_id": string,"complaint_answer": string,"complaint_status": string,"complaint_until": string,"created_at": string,"decided_at": string,"decision": string,"explanation": string,"id": string,"kind": string,"reason": string,"reason_label": string
            }[]
                           },
"get_my_statements":
{ Args: Record<PropertyKey, never>; Returns: {
              "automated": boolean,"chisme_id": string,"comment_id": string,"complaint_answer": string,"complaint_status": string,"complaint_until": string,"created_at": string,"decision": string,"explanation": string,"facts": string,"id": string,"legal_ground": string,"reason": string,"reason_label": string,"reports_received": number,"reversed_at": string,"rule": string,"snippet": string,"suspended_until": string,"target_kind": string,"thresholds": Json
            }[]
                           },
"get_my_suspension":
{ Args: Record<PropertyKey, never>; Returns: string
                           },
"get_push_settings":
{ Args: Record<PropertyKey, never>; Returns: Json
                           },
"get_sign_in_methods":
{ Args: { "p_email": string }; Returns: (string)[]
                           },
"get_thread_mute":
{ Args: { "p_chisme_id": string }; Returns: boolean
                           },
"get_transparency_report":
{ Args: { "p_months"?: string }; Returns: Json
                           },
"like_chisme":
{ Args: { "p_chisme_id": string }; Returns: Json
                           },
"list_expired_chisme_images":
{ Args: { "p_limit"?: number }; Returns: string[]
                           },
"log_country":
{ Args: { "p_country": string }; Returns: Json
                           },
"mark_all_notifications_read":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"mark_notification_read":
{ Args: { "p_id": string }; Returns: boolean
                           },
"moderate_add_offensive_word":
{ Args: { "p_word": string }; Returns: {
              "created_at": string,
"folded": string | null,
"id": string,
"pattern": string | null,
"word": string
            }
                          SetofOptions: {
        from: "*"
        to: "offensive_words"
        isOneToOne: true
        isSetofReturn: false
      } },
"moderate_delete":
{ Args: { "p_explanation"?: string,"p_id": string,"p_kind": string,"p_reason"?: string }; Returns: undefined
                           },
"moderate_delete_offensive_word":
{ Args: { "p_word": string }; Returns: boolean
                           },
"moderate_restore":
{ Args: { "p_id": string,"p_kind": string,"p_unfounded"?: string }; Returns: undefined
                           },
"moderate_set_report_reason":
{ Args: { "p_active"?: string,"p_code": string,"p_label": string,"p_legal_ground"?: string,"p_position"?: string,"p_rule": string }; Returns: {
              "active": boolean,
"code": string,
"illegal": boolean,
"label": string,
"legal_ground": string | null,
"position": number,
"rule": string
            }
                          SetofOptions: {
        from: "*"
        to: "report_reasons"
        isOneToOne: true
        isSetofReturn: false
      } },
"moderate_suspend_author":
{ Args: { "p_days": string,"p_explanation"?: string,"p_id": string,"p_kind": string,"p_reason"?: string }; Returns: string
                           },
"mute_thread":
{ Args: { "p_chisme_id": string,"p_muted"?: string }; Returns: boolean
                           },
"report_chisme":
{ Args: { "p_chisme_id": string,"p_explanation"?: string,"p_reason"?: string }; Returns: Json
                           },
"report_comment":
{ Args: { "p_comment_id": string,"p_explanation"?: string,"p_reason"?: string }; Returns: Json
                           },
"save_push_subscription":
{ Args: { "p_auth": string,"p_endpoint": string,"p_p256dh": string,"p_time_zone"?: string }; Returns: string
                           },
"set_moderator":
{ Args: { "p_email": string,"p_moderator": boolean }; Returns: boolean
                           },
"submit_notice":
{ Args: { "p_email": string,"p_explanation": string,"p_id": string,"p_kind": string,"p_reason": string }; Returns: undefined
                           },
"unblock_all":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"unlike_chisme":
{ Args: { "p_chisme_id": string }; Returns: Json
                           },
"update_my_profile":
{ Args: { "p_adult"?: string,"p_cotilleo"?: string,"p_display_name"?: string,"p_murmuro"?: string }; Returns: undefined
                           },
"update_push_settings":
{ Args: { "p_comments"?: string,"p_likes"?: string,"p_quiet_end"?: string,"p_quiet_hours"?: string,"p_quiet_start"?: string,"p_replies"?: string,"p_show_text"?: string,"p_time_zone"?: string }; Returns: Json
                           },
"withdraw_report":
{ Args: { "p_id": string,"p_kind": string }; Returns: boolean
                           }
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            "feed_chisme": {
                        "id": string | null,"gender": string | null,"years": number | null,"country": string | null,"tags": (string)[] | null,"content": string | null,"cotilleo": boolean | null,"likes": number | null,"comments": number | null,"report": number | null,"file_exist": boolean | null,"created_at": string | null,"updated_at": string | null,"is_mine": boolean | null,"liked_by_me": boolean | null,"image_viewable": boolean | null,"crisis": boolean | null,"is_deleted": boolean | null
                      },"moderation_item": {
                        "kind": string | null,"id": string | null,"chisme_id": string | null,"content": string | null,"cotilleo": boolean | null,"pending_reports": number | null,"total_reports": number | null,"reasons": Json | null,"hidden": boolean | null,"last_reported_at": string | null,"created_at": string | null
                      },"thread_comment": {
                        "id": string | null,"chisme_id": string | null,"parent_id": string | null,"depth": number | null,"gender": string | null,"country": string | null,"years": number | null,"content": string | null,"report": number | null,"created_at": string | null,"updated_at": string | null,"is_mine": boolean | null,"is_chisme_author": boolean | null,"commenter_number": number | null,"is_hidden": boolean | null,"crisis": boolean | null,"is_deleted": boolean | null
                      }
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "graphql_public": {
          Enums: {
            
          }
        },"public": {
          Enums: {
            
          }
        }
} as const
